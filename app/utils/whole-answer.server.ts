/**
 * A page rendered whole, as an answer that stays whole (decision 066). React Router checks each
 * answer with its `isResponse`, which reads `statusText` and `body`. On @hono/node-server's Response
 * (the global one under the server) those two getters turn the answer into a Fetch Response whose
 * bytes sit in a web stream, and the server and the compression then read that stream back, chunk by
 * chunk: 4 % of an uncached `/events`. Here the answer has its own `statusText` and a `body` that is
 * made only when read, so the bytes stay where @hono/node-server sends them from (its cache) and where
 * the compression finds them (server/http/compress-responses.ts `wholeBodyOf`). Whoever does read the
 * body gets the page's bytes as a stream, as from any Response.
 */
export function wholeAnswer(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  return new (wholeAnswerClass())(bytes, init);
}

type WholeAnswerClass = new (bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) => Response;
let classes: { base: typeof Response; whole: WholeAnswerClass } | undefined;

/** Built on the global Response of the moment: @hono/node-server puts its own in place when the server starts. */
function wholeAnswerClass(): WholeAnswerClass {
  const base = globalThis.Response;
  if (classes?.base === base) return classes.whole;
  class WholeAnswer extends base {
    readonly #bytes: Uint8Array<ArrayBuffer>;
    readonly #statusText: string;
    #body: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

    constructor(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) {
      super(bytes, init);
      this.#bytes = bytes;
      this.#statusText = init.statusText ?? "";
    }

    override get statusText(): string {
      return this.#statusText;
    }

    override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
      const bytes = this.#bytes;
      return (this.#body ??= new ReadableStream<Uint8Array<ArrayBuffer>>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }));
    }
  }
  classes = { base, whole: WholeAnswer };
  return WholeAnswer;
}
