(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hu":"uv/","huang":"yz/","huber":"vga/m/","human":"ega/","hutter":"cea/"};
