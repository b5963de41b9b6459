import { setupServer } from 'msw/node';

/**
 * The API as component tests see it: each test says what its calls answer with
 * `api.use(http.get('/api/...', ...))`; a call no test answered fails the test.
 */
export const api = setupServer();
