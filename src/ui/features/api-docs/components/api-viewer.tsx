import { useEffect } from 'react';
import SwaggerUI, { type SwaggerRequest } from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { useTheme } from '../../../lib/theme';
import '../api-docs.css';

export const OPENAPI_URL = '/api/openapi.json';

/**
 * "Try it" goes to this same origin: the browser sends the session cookie and, on calls that change
 * data, the Origin and Sec-Fetch-Site headers the server's cross-site guard checks (no script may set
 * those); a body is sent as JSON, the only kind those calls accept. Anything else is refused here.
 */
export function sameOriginRequest(request: SwaggerRequest): SwaggerRequest {
  const target = new URL(request.url, window.location.href);
  if (target.origin !== window.location.origin)
    throw new Error(`Only this server's API can be called from here, not ${target.origin}`);
  request.credentials = 'same-origin';
  const hasType = Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-type');
  if (request.body !== undefined && request.body !== null && request.body !== '' && !hasType)
    request.headers['Content-Type'] = 'application/json';
  return request;
}

interface SwaggerResponse {
  url: string;
  text?: string;
  data?: string;
  body?: unknown;
  obj?: unknown;
}

/**
 * Swagger UI supports only the OpenAPI 3.1 default JSON Schema dialect and warns on any other value; the
 * document names JSON Schema 2020-12 explicitly (which that default is built on), so the viewer is
 * shown the document without that one field. Its `servers` (this same origin, for tools) are left out too: Swagger UI
 * would show them as a list with one choice and no name. The document itself is unchanged.
 */
export function withDefaultDialect(response: SwaggerResponse): SwaggerResponse {
  if (new URL(response.url, window.location.href).pathname !== OPENAPI_URL || typeof response.text !== 'string')
    return response;
  try {
    const document = JSON.parse(response.text) as Record<string, unknown>;
    delete document.jsonSchemaDialect;
    delete document.servers;
    const text = JSON.stringify(document);
    return Object.assign(response, { text, data: text, body: document, obj: document });
  } catch {
    return response;
  }
}

/**
 * The OpenAPI document in Swagger UI, loaded only with this route. Swagger UI has its own dark styles
 * under html.dark-mode, set while the app's theme is dark or matrix and removed when the page closes;
 * api-docs.css maps its colours and fonts to the app's theme variables.
 */
export function ApiViewer() {
  const theme = useTheme();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark-mode', theme !== 'light');
    return () => root.classList.remove('dark-mode');
  }, [theme]);

  return (
    <div className="api-viewer rounded-lg border border-border bg-surface" data-testid="api-viewer">
      <SwaggerUI
        url={OPENAPI_URL}
        requestInterceptor={sameOriginRequest}
        responseInterceptor={withDefaultDialect}
        docExpansion="list"
        defaultModelsExpandDepth={0}
        displayRequestDuration
        filter
        tryItOutEnabled
        queryConfigEnabled={false}
      />
    </div>
  );
}
