import { Module } from '@nestjs/common';
import { NaiveRegistrationController } from './naive-registration.controller';

/** Baselines the benchmarks compare against; mounted only with BENCH_BASELINES=1. */
@Module({ controllers: [NaiveRegistrationController] })
export class BenchBaselinesModule {}
