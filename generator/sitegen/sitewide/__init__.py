"""What a page shows of the others: titles and papers, the reading order and contents, links, the search index, the code's colours, the commit built."""
