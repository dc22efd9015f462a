export function App() {
  return (
    <main aria-label="Workspace">
      <h1>Tether</h1>
    </main>
  );
}
