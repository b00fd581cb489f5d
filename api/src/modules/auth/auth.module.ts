import { Module, type OnModuleInit } from '@nestjs/common';
import { AuditRepository } from '@core/audit/audit.repository';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AUTH_PUSH_ROUTES } from './auth.realtime';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottle, AuditRepository],
})
export class AuthModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  onModuleInit(): void {
    this.realtime.pushRoutes(AUTH_PUSH_ROUTES);
  }
}
