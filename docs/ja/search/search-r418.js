(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r418.js"]=[["transformers/gpt/index.html","GPT-2","parameter_groups-6","AdamW のパラメータグループ","","decay values weight_decay no_decay"]];
