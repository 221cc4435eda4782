(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r171.js"]=[["helpers/download.html","Tiny Shakespeare",12,"Tiny Shakespeare を探す、またはダウンロードする","","path"]];
