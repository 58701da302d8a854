import { Field, Int, ObjectType, type ClassType } from "type-graphql";

export interface PageShape<T> {
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  items: T[];
}

/** A page of `Item`s as a named GraphQL object type (one shape for every paged list). */
export function PageType<T extends object>(name: string, Item: ClassType<T>): ClassType<PageShape<T>> {
  @ObjectType(name)
  class Page implements PageShape<T> {
    @Field(() => Int)
    pageNumber: number;

    @Field(() => Int)
    pageSize: number;

    @Field(() => Int)
    totalCount: number;

    @Field(() => [Item])
    items: T[];
  }
  return Page;
}
