import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { EventActor, NewDomainEvent } from '@shared/events/domain-events';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxRepository } from './outbox.repository';

export interface Transaction {
  manager: EntityManager;
  /** Records a domain event (or several, in one statement) in this transaction: it exists only if the change commits. */
  record(event: NewDomainEvent | readonly NewDomainEvent[]): Promise<void>;
}

/** Runs a change and its domain events in one transaction, then wakes the relay. */
@Injectable()
export class UnitOfWork {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    // Absent in the workers process: there the INSERT's NOTIFY wakes the API's relays at commit.
    @Optional() private readonly relay?: OutboxRelay,
  ) {}

  async run<T>(actor: EventActor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    let recorded = false;
    const result = await this.ds.transaction(async (manager) =>
      work({
        manager,
        record: async (event) => {
          const events = Array.isArray(event) ? (event as readonly NewDomainEvent[]) : [event as NewDomainEvent];
          if (events.length === 0) return;
          await this.outbox.insert(manager, actor, [...events]);
          recorded = true;
        },
      }),
    );
    if (recorded) this.relay?.kick();
    return result;
  }
}
