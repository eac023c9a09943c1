/** One stored answer of a per-test file: its `key` (the request's hash) and what its user keeps, in its key order. */
export interface StoredStep {
  key: string;
  [field: string]: unknown;
}
