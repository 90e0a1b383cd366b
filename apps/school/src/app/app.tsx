export default function App() {
  return (
    <main data-remote="school">
      <h1>VoxClub school</h1>
    </main>
  );
}
