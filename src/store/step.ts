/**
 * One stored answer of a per-test file: its `key` (the request's hash) and whatever its user keeps
 * (the request, the answer), in the user's key order.
 */
export interface StoredStep {
  key: string;
  [field: string]: unknown;
}
