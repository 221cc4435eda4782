(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r458.js"]=[["transformers/gpt/index.html","GPT-2",40,"Parameter groups for AdamW","","decay values weight_decay no_decay"]];
