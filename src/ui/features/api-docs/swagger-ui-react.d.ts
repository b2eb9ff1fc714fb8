// swagger-ui-react ships no types; only the props this app passes.
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerRequest {
    url: string;
    method?: string;
    headers: Record<string, string>;
    body?: unknown;
    credentials?: RequestCredentials;
  }

  export interface SwaggerUIProps {
    url?: string;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest | Promise<SwaggerRequest>;
    responseInterceptor?: (response: {
      url: string;
      text?: string;
      data?: string;
      body?: unknown;
      obj?: unknown;
    }) => unknown;
    onComplete?: () => void;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayOperationId?: boolean;
    displayRequestDuration?: boolean;
    filter?: boolean | string;
    tryItOutEnabled?: boolean;
    deepLinking?: boolean;
    persistAuthorization?: boolean;
    withCredentials?: boolean;
    queryConfigEnabled?: boolean;
  }

  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}
