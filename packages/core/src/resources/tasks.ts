import { compareTasks } from '../store/taskOrder';
import { taskSchema } from '../wire/task';
import { builtInResource } from './defineResource';

export { isTerminalTask, type Task, type TaskStatus, TERMINAL_TASK_STATUSES, taskSchema } from '../wire/task';

/** Tasks carry no version: they are ordered by status, so an older reply never moves one back. */
export const tasks = builtInResource({
  type: 'task',
  idKey: 'task_id',
  schema: taskSchema,
  path: '/tasks',
  versioned: false,
  order: compareTasks,
});
