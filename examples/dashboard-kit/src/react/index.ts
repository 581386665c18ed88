export { ConflictPanel } from './ConflictPanel';
