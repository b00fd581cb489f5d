import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Area, Permissions } from '@shared/permissions';
import { UserEntity } from '@modules/users/user.entity';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  isSuperAdmin: boolean;
  permissions: Permissions;
  mustChangePassword?: boolean;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.ds.manager).getRepository(UserEntity);
  }

  list(): Promise<UserEntity[]> {
    return this.repo().find({ order: { id: 'ASC' } });
  }

  findById(id: number, manager?: EntityManager): Promise<UserEntity | null> {
    return this.repo(manager).findOne({ where: { id } });
  }

  /** Who works an area (any action in it) and every super admin: whom an area's staff reminders go to. */
  async withAreaAccess(area: Area): Promise<Array<{ id: number; name: string; email: string }>> {
    return this.ds.query(
      `SELECT id, name, email FROM users WHERE is_super_admin OR jsonb_array_length(coalesce(permissions -> $1, '[]'::jsonb)) > 0 ORDER BY id`,
      [area],
    );
  }

  /** Locks the row for the rest of the transaction. */
  findByIdForUpdate(manager: EntityManager, id: number): Promise<UserEntity | null> {
    return this.repo(manager).createQueryBuilder('u').where('u.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** With the password hash, for sign-in. */
  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.repo().createQueryBuilder('u').addSelect('u.passwordHash').where('u.email = :email', { email }).getOne();
  }

  /** With the password hash, locked for the rest of the transaction (changing one's own password). */
  findByIdWithPasswordForUpdate(manager: EntityManager, id: number): Promise<UserEntity | null> {
    return this.repo(manager)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  async emailTaken(email: string, exceptId?: number, manager?: EntityManager): Promise<boolean> {
    const qb = this.repo(manager).createQueryBuilder('u').where('u.email = :email', { email });
    if (exceptId !== undefined) qb.andWhere('u.id <> :exceptId', { exceptId });
    return (await qb.getCount()) > 0;
  }

  async count(): Promise<number> {
    return this.repo().count();
  }

  /** Super admins other than `exceptId`, locked so two concurrent demotions cannot both pass. */
  async countOtherSuperAdminsForUpdate(manager: EntityManager, exceptId: number): Promise<number> {
    const rows = await this.repo(manager)
      .createQueryBuilder('u')
      .select('u.id')
      .where('u.is_super_admin = true AND u.id <> :exceptId', { exceptId })
      .setLock('pessimistic_write')
      .getMany();
    return rows.length;
  }

  async insert(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    const entity = this.repo(manager).create(user);
    return this.repo(manager).save(entity);
  }

  async update(manager: EntityManager, id: number, changes: Partial<NewUser>): Promise<UserEntity> {
    await this.repo(manager).update({ id }, changes);
    return (await this.findById(id, manager))!;
  }

  async delete(manager: EntityManager, id: number): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
