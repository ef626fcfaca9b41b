import { data } from "react-router";
import { AppError } from "../../server/errors";

/** Lets a loader show the 404 page when a service says the thing asked for does not exist. */
export async function orNotFoundPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (AppError.is(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
}
