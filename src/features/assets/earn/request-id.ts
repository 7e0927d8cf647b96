/** A client-made request id (docs/assets.md: the same id twice moves money once). */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}
