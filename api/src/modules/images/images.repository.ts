import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

@Injectable()
export class ImagesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(image: { id: string; contentType: string; bytes: Buffer; width: number; height: number }): Promise<void> {
    await this.ds.query(`INSERT INTO images (id, content_type, bytes, width, height) VALUES ($1, $2, $3, $4, $5)`, [
      image.id,
      image.contentType,
      image.bytes,
      image.width,
      image.height,
    ]);
  }

  async find(id: string): Promise<StoredImage | null> {
    const rows: Array<{ content_type: string; bytes: Buffer }> = await this.ds.query(
      `SELECT content_type, bytes FROM images WHERE id = $1`,
      [id],
    );
    return rows[0] ? { contentType: rows[0].content_type, bytes: rows[0].bytes } : null;
  }
}
