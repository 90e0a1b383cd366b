export default function App() {
  return (
    <main data-remote="main">
      <h1>VoxClub main</h1>
    </main>
  );
}
