import { Icon } from './icons';

/** The head of a card that reports something done: a check mark, its heading and a line on what it did. */
export function SuccessHead({ titleId, title, description }: { titleId: string; title: string; description: string }) {
  return (
    <div className="success-head">
      <span className="state-icon state-icon-success">
        <Icon name="check" size={22} />
      </span>
      <div>
        <h2 id={titleId}>{title}</h2>
        <p className="card-description">{description}</p>
      </div>
    </div>
  );
}
