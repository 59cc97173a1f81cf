/** Component paths of the known view families (spec §2) → their lazy views. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyView } from '../../app/views-ui.tsx';

type Views = typeof import('./DemoViews.tsx');
const v = (name: keyof Views) => lazyView(async () => ({ default: (await import('./DemoViews.tsx'))[name] as ComponentType }));

export const demoViews: Record<string, LazyExoticComponent<ComponentType>> = {
  'form/base-form': v('BaseFormDemo'),
  'form/step-form': v('StepFormDemo'),
  'form/advanced-form': v('AdvancedFormDemo'),
  'form/editor': v('EditorDemo'),
  'list/table-list': v('TableListDemo'),
  'list/basic-list': v('BasicListDemo'),
  'list/card-list': v('CardListDemo'),
  'list/search/articles': v('ArticlesDemo'),
  'list/search/projects': v('ProjectsDemo'),
  'list/search/applications': v('ApplicationsDemo'),
  'profile/basic': v('BasicProfileDemo'),
  'profile/advanced': v('AdvancedProfileDemo'),
};
