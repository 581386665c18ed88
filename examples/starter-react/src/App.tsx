import { SpendControlRow } from './SpendControlRow';

// The spend controls the local service is seeded with. Each row reads its own id.
const IDS = ['sc_1', 'sc_2', 'sc_3'];

export function App() {
  return (
    <main>
      <h1>Spend controls</h1>
      <ul className="spend-controls">
        {IDS.map((id) => (
          <SpendControlRow key={id} id={id} />
        ))}
      </ul>
    </main>
  );
}
