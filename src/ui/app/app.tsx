export function App() {
  return <main className="p-8">Funil</main>;
}
