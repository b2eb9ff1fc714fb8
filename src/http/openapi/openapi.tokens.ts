/** A function that lists every route of the app, resolved when the document is first asked for. */
export const ALL_ROUTES = Symbol.for('openapi.AllRoutes');
