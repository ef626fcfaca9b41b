import { upload } from "./upload";

/** A file item is answered exactly as an upload: sent from the browser to its own endpoint. */
export const file = upload;
