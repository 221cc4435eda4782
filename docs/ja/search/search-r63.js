(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r63.js"]=[["helpers/download.html","Tiny Shakespeare",12,"Tiny Shakespeare を探す、またはダウンロードする","","path"]];
