import { ContainerModule } from 'inversify';
import { DashboardService } from '../../domain/dashboard/dashboard.service';
import { DASHBOARD_SERVICE, READINESS, RESPONSE_TIMES } from '../../domain/dashboard/dashboard.tokens';
import { runChecks, type HealthCheck } from '../../domain/shared/health';
import { HEALTH_CHECK } from '../../domain/shared/shared.tokens';
import { ResponseTimes } from '../../http/metrics/response-times';
import { READINESS_TIMEOUT_MS } from '../../http/system/system.router';

export const dashboardModule = new ContainerModule(({ bind }) => {
  bind(READINESS).toDynamicValue((context) => ({
    check: () => runChecks(context.getAll<HealthCheck>(HEALTH_CHECK), READINESS_TIMEOUT_MS),
  }));
  bind(RESPONSE_TIMES).toService(ResponseTimes);
  bind(DASHBOARD_SERVICE).to(DashboardService).inSingletonScope();
});
