import { SimpleGrid, Text } from '@mantine/core';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { useProviderAssignments } from '../../../resources/provider/get-assignments.ts';
import { ProjectCard } from './project-card.tsx';

/** The organisation's open offers and accepted work, newest first (spec 001 §2 Projects tab). */
export function ProjectsList({ hrefOf }: { hrefOf: (projectId: string) => string }) {
  const projects = useProviderAssignments();
  const items = projects.data?.items ?? [];
  return (
    <RecordState query={projects} what="projects">
      {items.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          No projects yet. Offers from the SpaceCapture team appear here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {items.map((project) => (
            <ProjectCard key={project.id} project={project} href={hrefOf(project.id)} />
          ))}
        </SimpleGrid>
      )}
    </RecordState>
  );
}
