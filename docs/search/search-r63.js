(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r63.js"]=[["helpers/download.html","Tiny Shakespeare",12,"Find or download Tiny Shakespeare","","path"]];
