/** Test helpers over projects: the positions of the first service specification, in document order. */
import type { ElementDto, PositionDto, ProjectDto } from '../../core/model/types.js';

/** Positions (discriminator `PositionDto`) of the first service specification, depth first. */
export function positionsOf(project: ProjectDto): PositionDto[] {
  const out: PositionDto[] = [];
  const walk = (list: readonly ElementDto[] | undefined) => {
    for (const e of list ?? []) {
      if (e.elementTypeDiscriminator === 'PositionDto') out.push(e as PositionDto);
      walk((e as { elements?: ElementDto[] }).elements);
    }
  };
  walk(project.serviceSpecifications?.[0]?.elements);
  return out;
}
