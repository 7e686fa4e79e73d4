export { retryDelayMs, type Backoff } from './backoff';
export { enqueue, JOBS_CHANNEL, type EnqueueOptions, type JobState } from './store';
export {
  DEFAULT_JOB_TIMEOUT_MS,
  JobQueue,
  JobTimeoutError,
  jobTimeoutText,
  type GiveUpHandler,
  type Job,
  type JobHandler,
  type JobKindOptions,
  type JobLogger,
  type JobQueueOptions,
} from './worker';
