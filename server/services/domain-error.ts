// The domain error lives in server/domain/ so process owners (server/streaming) can recognise it
// without importing services; services keep importing it from here.
export { DomainError, describeBytes, type DomainErrorKind, type FieldError } from "../domain/domain-error";
