import type { Request } from "express";
import type { IocContainer, IocContainerFactory } from "@tsoa/runtime";
import { restContext, type RestContext } from "./rest-context";

type ControllerClass = new (context: RestContext, request: Request) => unknown;

/** tsoa builds each controller per request with the server's services and the request. */
export const iocContainer: IocContainerFactory = (request: unknown): IocContainer => ({
  get: ((controller: unknown) => {
    const req = request as Request;
    return new (controller as ControllerClass)(restContext(req), req);
  }) as IocContainer["get"],
});
