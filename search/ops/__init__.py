"""Operations: index builds, backup, warm-up, status, progress bar, tasks, system checks and
API tokens. Imports the searches (search.statutes, search.papers) and every layer below."""
