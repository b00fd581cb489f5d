import { Module } from '@nestjs/common';
import { AuditRepository } from '@core/audit/audit.repository';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottle, AuditRepository],
})
export class AuthModule {}
