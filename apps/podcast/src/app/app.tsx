export default function App() {
  return (
    <main data-remote="podcast">
      <h1>VoxClub podcast</h1>
    </main>
  );
}
