import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryGeneratedColumn, Unique } from "typeorm";

@ObjectType({ description: "A frame size that FFmpeg profiles scale to." })
@Entity("resolution")
@Unique("UQ_resolution_size", ["width", "height"])
export class Resolution {
  @PrimaryGeneratedColumn()
  id: number;

  @Field({ description: 'Display name, e.g. "1920x1080".' })
  @Column({ type: "varchar", length: 50 })
  name: string;

  @Field(() => Int)
  @Column({ type: "integer" })
  width: number;

  @Field(() => Int)
  @Column({ type: "integer" })
  height: number;

  @Column({ type: "boolean", default: false })
  isCustom: boolean;
}
