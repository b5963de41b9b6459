import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFolderName } from '../src/modules/backup/backup.ts';
import {
  backupsToKeep,
  parseRetentionRule,
  pruneBackups,
  timeOfBackupFolder,
  type DatedBackup,
} from '../src/modules/backup/retention.ts';

/** A backup every `hours` hours going back from `newest`, `count` of them. */
function everyHours(newest: string, hours: number, count: number): DatedBackup[] {
  const end = new Date(newest).getTime();
  return Array.from({ length: count }, (_, i) => {
    const takenAt = new Date(end - i * hours * 3_600_000);
    return { name: backupFolderName(takenAt), takenAt };
  });
}

const names = (set: Set<string>) => [...set].sort();

describe('the retention rule', () => {
  it('reads daily=7,weekly=4 and refuses what is not a rule', () => {
    expect(parseRetentionRule('daily=7,weekly=4')).toEqual({ daily: 7, weekly: 4, monthly: 0 });
    expect(parseRetentionRule(' monthly = 6 ')).toEqual({ daily: 0, weekly: 0, monthly: 6 });
    expect(() => parseRetentionRule('daily=seven')).toThrow(/"daily=seven" is not a rule/);
    expect(() => parseRetentionRule('hourly=3')).toThrow(/periods: daily, weekly, monthly/);
    expect(() => parseRetentionRule('daily=0')).toThrow(/keeps no backup at all/);
    expect(() => parseRetentionRule('daily=99999')).toThrow(/more than 10000/);
  });

  it('keeps the newest backup of each of the last 7 days and 4 ISO weeks', () => {
    // Six backups a day (every 4 hours) for 60 days, the newest on Thursday 2026-11-26 at 20:00.
    const backups = everyHours('2026-11-26T20:00:00Z', 4, 6 * 60);
    const kept = backupsToKeep(backups, { daily: 7, weekly: 4, monthly: 0 });
    expect(names(kept)).toEqual([
      // Weeks: this week's newest (today) and last week's (Sunday the 22nd) are among the days;
      // the two weeks before end on Sundays the 15th and the 8th.
      'backup-2026-11-08T20-00-00Z',
      'backup-2026-11-15T20-00-00Z',
      // The newest of each of the last 7 days; the newest of this week is today's.
      'backup-2026-11-20T20-00-00Z',
      'backup-2026-11-21T20-00-00Z',
      'backup-2026-11-22T20-00-00Z',
      'backup-2026-11-23T20-00-00Z',
      'backup-2026-11-24T20-00-00Z',
      'backup-2026-11-25T20-00-00Z',
      'backup-2026-11-26T20-00-00Z',
    ]);
  });

  it('counts only periods that have a backup, and always keeps the newest', () => {
    // Backups on three days far apart: daily=2 keeps the newest two days' newest backups.
    const backups: DatedBackup[] = [
      '2026-01-01T10:00:00Z',
      '2026-01-01T23:00:00Z',
      '2026-03-05T08:00:00Z',
      '2026-06-30T06:00:00Z',
      '2026-06-30T05:00:00Z',
    ].map((iso) => ({ name: iso, takenAt: new Date(iso) }));
    expect(names(backupsToKeep(backups, { daily: 2, weekly: 0, monthly: 0 }))).toEqual([
      '2026-03-05T08:00:00Z',
      '2026-06-30T06:00:00Z',
    ]);
    expect(names(backupsToKeep(backups, { daily: 0, weekly: 0, monthly: 12 }))).toEqual([
      '2026-01-01T23:00:00Z',
      '2026-03-05T08:00:00Z',
      '2026-06-30T06:00:00Z',
    ]);
    expect(backupsToKeep([], { daily: 7, weekly: 4, monthly: 0 }).size).toBe(0);
  });

  it('puts the days around new year into ISO weeks (week 1 of 2027 starts on 2026-12-28)', () => {
    const backups = ['2026-12-27T12:00:00Z', '2026-12-28T12:00:00Z', '2027-01-03T12:00:00Z'].map(
      (iso) => ({ name: iso, takenAt: new Date(iso) }),
    );
    // 12-28 and 01-03 share week 2027-W01; 12-27 is in 2026-W52.
    expect(names(backupsToKeep(backups, { daily: 0, weekly: 2, monthly: 0 }))).toEqual([
      '2026-12-27T12:00:00Z',
      '2027-01-03T12:00:00Z',
    ]);
  });
});

describe('pruning a backup folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-retention-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes the backups the rule does not keep and leaves other folders alone', async () => {
    const backups = everyHours('2026-11-26T20:00:00Z', 24, 20);
    for (const b of backups) {
      fs.mkdirSync(path.join(dir, b.name));
      fs.writeFileSync(path.join(dir, b.name, 'manifest.json'), '{}');
    }
    fs.mkdirSync(path.join(dir, 'notes'));
    fs.mkdirSync(path.join(dir, '.partial-0a1b2c'));
    const removed = await pruneBackups(dir, { daily: 3, weekly: 0, monthly: 0 });
    expect(removed).toHaveLength(17);
    expect(fs.readdirSync(dir).sort()).toEqual([
      '.partial-0a1b2c',
      'backup-2026-11-24T20-00-00Z',
      'backup-2026-11-25T20-00-00Z',
      'backup-2026-11-26T20-00-00Z',
      'notes',
    ]);
    expect(timeOfBackupFolder('backup-2026-11-26T20-00-00Z')?.toISOString()).toBe(
      '2026-11-26T20:00:00.000Z',
    );
    expect(timeOfBackupFolder('notes')).toBeNull();
  });
});
