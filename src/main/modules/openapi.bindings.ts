import { ContainerModule } from 'inversify';
import { HTTP_ROUTER } from '../../domain/shared/shared.tokens';
import { OpenApiRouter } from '../../http/openapi/openapi.router';
import { ALL_ROUTES } from '../../http/openapi/openapi.tokens';
import type { HttpRouter } from '../../http/route';

export const openApiModule = new ContainerModule(({ bind }) => {
  // Resolved lazily: the document lists its own route too.
  bind(ALL_ROUTES).toDynamicValue(
    (context) => () => context.getAll<HttpRouter>(HTTP_ROUTER).flatMap((r) => r.routes()),
  );
  bind(OpenApiRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(OpenApiRouter);
});
