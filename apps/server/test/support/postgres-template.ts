import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { prepareJobQueue } from './job-queue-tables';
import { createScratchDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database, for the tests' databases to be created from
     *  (`create database … template`); nobody stays connected to it. */
    postgresTemplate: string;
  }
}

/**
 * Global set-up of the PostgreSQL API suite: running the migrations takes 1.5–3 s of a
 * test app's set-up, copying a migrated database a fifth of a second. Each test app's
 * database is a copy of this one, the job queue's tables and queues made (its migrations
 * and the queue's set-up then find nothing to do).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const template = await createScratchDatabase(base, 'easyfund_template');
  // Two connections: the queue's set-up holds one for its lock while it works on another.
  const database = await openDatabase({ url: template.url, poolSize: 2 });
  await prepareJobQueue(database);
  await database.close();
  project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
  return () => template.drop();
}
