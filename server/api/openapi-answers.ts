import { errorResponseSchema } from "../../core/contracts/errors";

/** An OpenAPI answer of JSON with its schema: every API file describes its answers with it. */
export const json = <T>(schema: T, description: string) => ({ content: { "application/json": { schema } }, description });

/** The refusals most calls share: an unknown subject and input its contract refuses. */
export const errorAnswers = {
  404: json(errorResponseSchema, "Not found"),
  422: json(errorResponseSchema, "Invalid request"),
};
