(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r171.js"]=[["helpers/download.html","Tiny Shakespeare",12,"Find or download Tiny Shakespeare","","path"]];
