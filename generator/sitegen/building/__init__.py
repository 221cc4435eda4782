"""Building: the stages in order, the worker processes, the files besides the pages, the up-to-date answer, writing the output folder."""
