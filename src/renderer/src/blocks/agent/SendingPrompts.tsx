/** Prompts on their way to the CLI, below the transcript until the CLI confirms each. */
export function SendingPrompts({ prompts }: { prompts: readonly string[] }) {
  if (prompts.length === 0) return null;
  return (
    <div className="agent-sending" role="status" aria-label="Sending">
      {prompts.map((text, index) => (
        <div key={index} className="agent-user sending">
          <span className="agent-role">You · sending</span>
          <p>{text}</p>
        </div>
      ))}
    </div>
  );
}
