import { Module } from '@nestjs/common';
import { QueueDashboardController } from './queue-dashboard.controller';
import { QueueDashboardService } from './queue-dashboard.service';

@Module({ controllers: [QueueDashboardController], providers: [QueueDashboardService] })
export class QueueDashboardModule {}
