export default function App() {
  return (
    <main data-remote="dashboard">
      <h1>VoxClub dashboard</h1>
    </main>
  );
}
