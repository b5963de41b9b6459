import fsp from 'node:fs/promises';
import path from 'node:path';

/** How many backups to keep: the newest of each of the last N days, weeks and months (UTC). */
export interface RetentionRule {
  daily: number;
  weekly: number;
  monthly: number;
}

const PERIODS = ['daily', 'weekly', 'monthly'] as const satisfies readonly (keyof RetentionRule)[];

/** Parses `daily=7,weekly=4[,monthly=6]`; a period left out keeps none of its own. */
export function parseRetentionRule(text: string): RetentionRule {
  const rule: RetentionRule = { daily: 0, weekly: 0, monthly: 0 };
  for (const part of text.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*$/.exec(part);
    const period = PERIODS.find((p) => p === match?.[1]);
    if (!match || !period) {
      throw new Error(
        `--keep: "${part.trim()}" is not a rule; write e.g. daily=7,weekly=4 (periods: ${PERIODS.join(', ')})`,
      );
    }
    const count = Number(match[2]);
    if (count > 10_000) throw new Error(`--keep: ${period}=${count} is more than 10000`);
    rule[period] = count;
  }
  if (PERIODS.every((p) => rule[p] === 0))
    throw new Error('--keep: the rule keeps no backup at all; give at least one period above 0');
  return rule;
}

/** The UTC day, ISO week or month a moment falls in, as a key that differs between periods. */
function periodKey(period: keyof RetentionRule, at: Date): string {
  if (period === 'daily') return at.toISOString().slice(0, 10);
  if (period === 'monthly') return at.toISOString().slice(0, 7);
  // ISO 8601 week: the week belongs to the year of its Thursday.
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export interface DatedBackup {
  name: string;
  takenAt: Date;
}

/**
 * The backups a rule keeps: for each period, the newest backup of each of the newest N periods
 * that have one; and always the newest backup of all. The others are to be removed.
 */
export function backupsToKeep(backups: readonly DatedBackup[], rule: RetentionRule): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  for (const period of PERIODS) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= rule[period]) break;
      const key = periodKey(period, backup.takenAt);
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(backup.name);
    }
  }
  return keep;
}

const FOLDER = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;

/** The time in a backup folder's name (see backupFolderName), or null for any other name. */
export function timeOfBackupFolder(name: string): Date | null {
  const m = FOLDER.exec(name);
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Removes the backup folders in `parentDir` that the rule does not keep, and answers their
 * names. Folders whose names are not a backup's are left alone.
 */
export async function pruneBackups(parentDir: string, rule: RetentionRule): Promise<string[]> {
  const backups: DatedBackup[] = [];
  for (const entry of await fsp.readdir(parentDir, { withFileTypes: true })) {
    const takenAt = entry.isDirectory() ? timeOfBackupFolder(entry.name) : null;
    if (takenAt) backups.push({ name: entry.name, takenAt });
  }
  const keep = backupsToKeep(backups, rule);
  const removed = backups.map((b) => b.name).filter((name) => !keep.has(name));
  for (const name of removed) {
    await fsp.rm(path.join(parentDir, name), { recursive: true, force: true });
  }
  return removed.sort();
}
