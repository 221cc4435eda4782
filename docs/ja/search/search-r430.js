(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r430.js"]=[["transformers/gpt/index.html","GPT-2","parameter_groups-6","AdamW のパラメータグループ","","decay values weight_decay no_decay"]];
