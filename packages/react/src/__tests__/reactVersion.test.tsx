// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useState, version } from 'react';
import { version as domVersion } from 'react-dom';
import { afterEach, expect, it } from 'vitest';

afterEach(cleanup);

// A hook works only when Testing Library renders through the same copy of React as this file.
function Probe() {
  const [shown] = useState(`react ${version}`);
  return <p>{shown}</p>;
}

// The `react18` vitest project runs this folder again against React 18 (see vite.config.ts); this
// test keeps that project from silently running the React of the workspace instead.
it('runs on the React major its vitest project names, with one copy of React', () => {
  expect(version.split('.')[0]).toBe(process.env.VSTORE_REACT_MAJOR ?? '19');
  expect(domVersion).toBe(version);
  render(<Probe />);
  expect(screen.getByText(`react ${version}`)).toBeTruthy();
});
