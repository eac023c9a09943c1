import type { StoreUser } from '../store/user.js';
import { RECORDINGS_STORE } from './config.js';

/** Recordings of HTTP exchanges: recordedModel's folder, variable, configure function and files, in words about requests. */
export const FETCH_STORE: StoreUser = {
  ...RECORDINGS_STORE,
  replay: {
    ...RECORDINGS_STORE.replay,
    missing: 'No recording of this HTTP request',
    optionChose: (mode) => `recordedFetch({ mode: '${mode}' })`,
    optionSet: (mode) => `giving recordedFetch({ mode: '${mode}' })`,
    envNote: '(record sends every request of the tests it runs and writes their recordings anew.)',
  },
};
